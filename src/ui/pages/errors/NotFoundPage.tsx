import { Link, useNavigate } from 'react-router-dom';
import { NOT_FOUND_HOME_ROUTE } from '../../../domain/constants';
import { Button } from '../../components/Button';
import { CONTACT_SUPPORT_ROUTE } from '../login/helpRoutes';
import * as css from './errors.css';

/** Any unknown path (docs/product/app-shell.md, Not-found and Forbidden; docs/product/app-shell.md). */
export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <div className={css.centred}>
      <p className={css.code}>404</p>
      <h1 className={css.title}>Page not found</h1>
      <p className={css.text}>Sorry, we couldn&apos;t find the page you&apos;re looking for.</p>
      <div className={css.actions}>
        <Button onClick={() => void navigate(NOT_FOUND_HOME_ROUTE)}>Go back home</Button>
        <Link className={css.link} to={CONTACT_SUPPORT_ROUTE}>
          Contact support
        </Link>
      </div>
    </div>
  );
}
