import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The one layer model of every overlay (ui/README.md, "Overlays"): what is open on top of the
 * page, innermost last. A modal dialog, a select's menu and a tooltip register here while they
 * are open; the toast viewport follows the innermost modal (it renders into the modal's slot, so
 * it is neither covered nor inert), and a dialog gives Escape to what is open inside it first.
 *
 * The stack is kept on `globalThis` under a `Symbol.for` key: the shell's toast viewport and
 * each module's dialogs are separate copies of this file (the `@outsync/ui` barrel is a federated
 * singleton, `@outsync/ui/overlay` is bundled by every module), and they must see one stack.
 * Keep its shape stable: remotes built at other times read and write it too.
 */
export type LayerKind = 'modal' | 'popup';

export interface Layer {
  kind: LayerKind;
  /** The open element (the `<dialog>`, the menu, the tip). */
  element: HTMLElement;
  /**
   * A modal's element that overlays opened elsewhere (the toasts) render into: inside the
   * dialog, so the dialog's modality does not make them inert.
   */
  slot?: HTMLElement;
  /** Closes it (Escape, when it is the innermost layer). */
  dismiss?: () => void;
}

interface LayerStack {
  layers: readonly Layer[];
  listeners: Set<() => void>;
}

const stackKey = Symbol.for('outsync.overlay-layers');

function layerStack(): LayerStack {
  const holder = globalThis as typeof globalThis & { [stackKey]?: LayerStack };
  return (holder[stackKey] ??= { layers: [], listeners: new Set() });
}

function changed(stack: LayerStack) {
  for (const listener of [...stack.listeners]) listener();
}

/** Puts `layer` on top of the stack; the returned function takes it off again. */
export function openLayer(layer: Layer): () => void {
  const stack = layerStack();
  stack.layers = [...stack.layers, layer];
  changed(stack);
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    stack.layers = stack.layers.filter((open) => open !== layer);
    changed(stack);
  };
}

export function subscribeToLayers(listener: () => void): () => void {
  const { listeners } = layerStack();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The open layers, outermost first. A new array on every change (a snapshot). */
export function openLayers(): readonly Layer[] {
  return layerStack().layers;
}

/** The open layers, re-rendering the caller when they change. */
export function useOpenLayers(): readonly Layer[] {
  return useSyncExternalStore(subscribeToLayers, openLayers, openLayers);
}

/**
 * The innermost open modal in `root` (the document, or the shadow root an embedded module
 * renders in): overlays of that root must render inside it to be usable.
 */
export function innermostModal(layers: readonly Layer[], root: Node): Layer | undefined {
  return layers.findLast((layer) => layer.kind === 'modal' && layer.element.getRootNode() === root);
}

/**
 * The innermost layer opened above `modal` and inside it (a select's menu, a tooltip, a dialog
 * asking a question): Escape and the browser's close request are its, not the modal's.
 */
export function innermostLayerInside(modal: HTMLElement): Layer | undefined {
  const layers = openLayers();
  const index = layers.findIndex((layer) => layer.element === modal);
  if (index < 0) return undefined;
  return layers
    .slice(index + 1)
    .findLast((layer) => layer.element !== modal && modal.contains(layer.element));
}

/**
 * Registers the element as an open layer while `open` is true (and the element is mounted).
 * `dismiss` may change every render: the latest is called.
 */
export function useLayer(
  kind: LayerKind,
  element: HTMLElement | null,
  open: boolean,
  options: { dismiss?: () => void; slot?: HTMLElement | null } = {},
) {
  const dismissRef = useRef(options.dismiss);
  useLayoutEffect(() => {
    dismissRef.current = options.dismiss;
  });
  const slot = options.slot ?? undefined;
  useLayoutEffect(() => {
    if (!open || !element) return undefined;
    return openLayer({
      kind,
      element,
      slot,
      dismiss: () => dismissRef.current?.(),
    });
  }, [kind, element, open, slot]);
}
