import { VerifyScreen } from '../features/sign-in/components/verify-screen';

export const VerifyTitle = 'Verify Your Identity';

export default function VerifyPage() {
  return <VerifyScreen title={VerifyTitle} />;
}
