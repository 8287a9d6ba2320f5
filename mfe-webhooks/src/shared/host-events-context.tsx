import { createContext, useCallback, useContext, type ReactNode } from 'react';

/** Something a module tells the page that embeds it (`webhook.created`, …). */
export interface HostEvent {
  type: string;
}

export type EmitHostEvent = (event: HostEvent) => void;

const ignore: EmitHostEvent = () => undefined;

const HostEventsContext = createContext<EmitHostEvent>(ignore);

/**
 * Passes a module's events to the page that embeds it (a partner's `onEvent`). Our shell renders
 * none: there the events go nowhere. A listener that throws never breaks the screen that emitted.
 */
export function HostEventsProvider({
  onEvent,
  children,
}: {
  onEvent: EmitHostEvent;
  children: ReactNode;
}) {
  const emit = useCallback<EmitHostEvent>(
    (event) => {
      try {
        onEvent(event);
      } catch (error) {
        // The host's bug, not the user's: the save succeeded, so the screen carries on.
        console.error('An OutSync event listener threw', error);
      }
    },
    [onEvent],
  );
  return <HostEventsContext.Provider value={emit}>{children}</HostEventsContext.Provider>;
}

/** The function a module calls after a change the host may want to know about; a no-op by default. */
export function useHostEvents(): EmitHostEvent {
  return useContext(HostEventsContext);
}
