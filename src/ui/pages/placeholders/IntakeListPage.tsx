import { PageHeader } from '../../components/PageHeader';

/**
 * /intake-list (intake spec §2, Intakes list screen).
 * The screen itself is built by a later issue; until then it shows only its title.
 */
export function IntakeListPage() {
  return <PageHeader title="Intakes" />;
}
