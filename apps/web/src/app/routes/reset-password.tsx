import { ResetPassword } from '../../features/auth/components/reset-password';

/** /reset-password: where the e-mailed link to set a new password lands (decision 0254). */
export function Component() {
  return <ResetPassword />;
}
