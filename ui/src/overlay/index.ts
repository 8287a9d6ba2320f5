export { Dialog, type DialogProps, type DialogSize } from './dialog';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { ConfirmOnDemand } from './confirm-on-demand';
export { Tooltip, type TooltipPlacement, type TooltipProps } from './tooltip';
export { Disclosure, type DisclosureProps } from './disclosure';
export {
  CopyButton,
  copyText,
  useCopyToClipboard,
  type CopyButtonProps,
  type CopyMessages,
} from './copy-button';
export { deepActiveElement } from './focused-element';
