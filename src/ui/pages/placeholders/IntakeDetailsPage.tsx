import { useParams } from 'react-router-dom';
import { PageHeader } from '../../components/PageHeader';
import { NotFoundPage } from '../errors/NotFoundPage';

// intake spec §2: /intake-details/{mode}/{id}, where mode is create, edit or view.
const titles: Record<string, string> = {
  create: 'New Intake',
  edit: 'Edit Intake',
  view: 'View Intake',
};

/**
 * /intake-details/:mode/:caseId. The form itself is built by a later issue; until then the screen
 * shows only its title. Any other mode is not a page of the product.
 */
export function IntakeDetailsPage() {
  const { mode = '' } = useParams();
  const title = Object.hasOwn(titles, mode) ? titles[mode] : undefined;
  if (title === undefined) return <NotFoundPage />;
  return <PageHeader title={title} />;
}
