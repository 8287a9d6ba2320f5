import { createContext, useContext, type ReactNode } from 'react';

/**
 * How a test event is sent to a webhook's test address with the caller's identity, so the
 * service checks they may change the webhook and records the test in the audit log: on our
 * dashboard, the session cookie (the address is the shell's origin); embedded in a partner's
 * page, the embed token, as every other call of the module sends it.
 */
export interface TestDelivery {
  credentials: RequestCredentials;
  /** The `Authorization` header to send, read at send time (the token may have been renewed). */
  authorization?: () => string;
  /**
   * The service's origin for what the module reads outside the route client (the live view's
   * stream): the embed's `apiBaseUrl`; absent on our dashboard, whose origin forwards `/api`.
   */
  apiBaseUrl?: string;
}

const TestDeliveryContext = createContext<TestDelivery>({ credentials: 'same-origin' });

export function TestDeliveryProvider({
  delivery,
  children,
}: {
  delivery: TestDelivery;
  children: ReactNode;
}) {
  return <TestDeliveryContext.Provider value={delivery}>{children}</TestDeliveryContext.Provider>;
}

export function useTestDelivery(): TestDelivery {
  return useContext(TestDeliveryContext);
}
