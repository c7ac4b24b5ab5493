import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../components/Button';
import { helpPath, NOT_FOUND_HOME_PATH } from '../../app/paths';
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
        <Button onClick={() => void navigate(NOT_FOUND_HOME_PATH)}>Go back home</Button>
        <Link className={css.link} to={helpPath('contactSupport')}>
          Contact support
        </Link>
      </div>
    </div>
  );
}
