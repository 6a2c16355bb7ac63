import { SystemStatusSection } from './system/system-status';
import { UsersPage } from './users/users-page';

/** /admin: the users directory, then the system status (issue 16). */
export function AdminHomePage() {
  return (
    <>
      <UsersPage />
      <SystemStatusSection />
    </>
  );
}
