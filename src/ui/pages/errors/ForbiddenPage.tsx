import { PageHeader } from '../../components/PageHeader';
import * as css from './errors.css';

/** A signed-in user without the privilege a route needs (docs/product/people.md). */
export function ForbiddenPage() {
  return (
    <>
      <PageHeader title="Forbidden" />
      <p className={css.text}>You are not authorized to view this page.</p>
    </>
  );
}
