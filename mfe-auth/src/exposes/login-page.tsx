import { LoginScreen } from '../features/sign-in/components/login-screen';

/** The login screen's heading (the spec names none). */
export const LoginTitle = 'Sign in to OutSync';

export default function LoginPage() {
  return <LoginScreen title={LoginTitle} />;
}
