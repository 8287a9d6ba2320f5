// A downshift `environment` that sees through shadow roots (downshift-in-shadow-root.ts says
// why). Kept apart from the real package, so a test can apply it to downshift itself.
import { deepActiveElement } from '@outsync/ui/overlay';
import type { Environment } from 'downshift';

type Listener = EventListenerOrEventListenerObject;

/** A view of `target` whose `key` reads `value`; every other member is the target's own. */
function overriding<T extends object>(target: T, key: PropertyKey, read: () => unknown): T {
  return new Proxy(target, {
    get(object, property) {
      if (property === key) return read();
      // Native accessors and methods need the real object as `this`.
      const value: unknown = Reflect.get(object, property);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** The event with the target it had where it happened, not the shadow host it became. */
function composedTarget(event: Event): Event {
  const [origin] = event.composedPath();
  return origin && origin !== event.target ? overriding(event, 'target', () => origin) : event;
}

function createComposedEnvironment(): Environment {
  const wrappers = new WeakMap<Listener, EventListener>();
  const wrapperOf = (listener: Listener): EventListener => {
    let wrapper = wrappers.get(listener);
    if (!wrapper) {
      wrapper = (event) => {
        const seen = composedTarget(event);
        if (typeof listener === 'function') listener(seen);
        else listener.handleEvent(seen);
      };
      wrappers.set(listener, wrapper);
    }
    return wrapper;
  };
  return {
    addEventListener: (type: string, listener: Listener | null, options?: unknown) => {
      if (listener) window.addEventListener(type, wrapperOf(listener), options as boolean);
    },
    removeEventListener: (type: string, listener: Listener | null, options?: unknown) => {
      const wrapper = listener && wrappers.get(listener);
      if (wrapper) window.removeEventListener(type, wrapper, options as boolean);
    },
    document: overriding(window.document, 'activeElement', () => deepActiveElement(document)),
    Node: window.Node,
  } as Environment;
}

// One for the page: the hooks re-subscribe when the environment changes identity.
const composedEnvironment = typeof window === 'undefined' ? undefined : createComposedEnvironment();

/** Keeps the hook's static members (`useCombobox.stateChangeTypes`, …) on the wrapper. */
function withEnvironment<Hook extends (props: never) => unknown>(hook: Hook): Hook {
  const wrapped = ((props: { environment?: Environment }) =>
    hook({ environment: composedEnvironment, ...props } as never)) as unknown as Hook;
  return Object.assign(wrapped, hook);
}

interface DownshiftHooks {
  useSelect: (props: never) => unknown;
  useCombobox: (props: never) => unknown;
  useMultipleSelection: (props: never) => unknown;
}

/** `downshift`'s hooks, each with the composed environment unless its caller passes one. */
export function shadowRootAware<Downshift extends DownshiftHooks>(downshift: Downshift): Downshift {
  return {
    ...downshift,
    useSelect: withEnvironment(downshift.useSelect),
    useCombobox: withEnvironment(downshift.useCombobox),
    useMultipleSelection: withEnvironment(downshift.useMultipleSelection),
  };
}
