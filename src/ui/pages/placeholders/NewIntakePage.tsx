import { PageHeader } from '../../components/PageHeader';

/**
 * /new-intake (intake spec §2: the form in create mode).
 * The screen itself is built by a later issue; until then it shows only its title.
 */
export function NewIntakePage() {
  return <PageHeader title="New Intake" />;
}
