// A stored intake named the way staff know it: its client's name, linking to the intake (the one
// rule of `intakePath`: a draft opens for editing, any other read-only). Lists show this instead of
// the case UUID.
import { Link } from 'react-router-dom';
import type { IntakeStatus } from '../../../../domain/enums';
import { intakePath } from '../../../app/paths';

/** What an intake without a client name yet reads as. */
export const NO_CLIENT_NAME = 'Client not named yet';

export function ClientNameLink({ caseId, status, clientName }: { caseId: string; status: IntakeStatus; clientName: string }) {
  return (
    // The row may open the intake on a click too: the link's own click is enough.
    <Link to={intakePath({ caseId, status })} onClick={(event) => event.stopPropagation()}>
      {clientName.trim() || NO_CLIENT_NAME}
    </Link>
  );
}
