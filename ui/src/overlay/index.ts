export { Dialog, type DialogProps, type DialogSize } from './dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { ConfirmOnDemand } from './confirm-on-demand';
export { Tooltip, type TooltipPlacement, type TooltipProps } from './tooltip';
export { Disclosure, type DisclosureProps } from './disclosure';
export { SecretOnceDialog, type SecretOnceDialogProps } from './secret-once-dialog';
export {
  CopyButton,
  copyText,
  useCopyToClipboard,
  type CopyButtonProps,
  type CopyMessages,
} from './copy-button';
export { deepActiveElement } from './focused-element';
// The layer model every overlay follows (ui/README.md, "Overlays"), for a new kind of overlay.
export { useLayer, type LayerKind } from './layers';
export { useAnchoredOverlay, type AnchoredOverlayOptions, type Side } from './anchored-position';
export { popoverReset } from './top-layer';
