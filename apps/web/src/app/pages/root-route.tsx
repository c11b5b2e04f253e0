import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../../lib/api-client';
import { signOut } from '../../lib/session';

/** Top route: a 401 from any authenticated call ends the session. */
export function RootRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthenticatedHandler(() => {
      void signOut().catch(() => navigate('/signin'));
    });
    return () => setUnauthenticatedHandler(undefined);
  }, [navigate]);
  return <Outlet />;
}
