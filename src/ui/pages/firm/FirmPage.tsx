import { useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { canManageEmployees } from '../../../domain/session';
import { useSignedInPrivilege } from '../../app/session';
import { firmRecordToasts } from '../../app/factToasts';
import { paths } from '../../app/paths';
import { useToastEvents } from '../../app/useToastEvents';
import { Button } from '../../components/Button';
import { PageHeader } from '../../components/PageHeader';
import * as layout from '../../theme/layout.css';
import { appFirmRecordMachine } from './firmActors';
import { FirmDetails, NeosDetails } from './FirmDetails';
import { FirmLoadState } from './FirmLoadState';
import { useMachineActor } from '../../app/inspect';

/** /firm (docs/product/firm-and-neos.md: content not shown; ours is the firm record and the Neos connection). */
export function FirmPage() {
  const navigate = useNavigate();
  const privilege = useSignedInPrivilege();
  const record = useMachineActor(appFirmRecordMachine);
  const firm = useSelector(record, (snapshot) => snapshot.context.firm);
  const failed = useSelector(record, (snapshot) => snapshot.matches('failed'));
  // docs/product/firm-and-neos.md: only owner and administrator edit the firm.
  const canEdit = privilege !== undefined && canManageEmployees(privilege);

  useToastEvents(record, firmRecordToasts);

  return (
    <>
      <PageHeader title="Firm">{canEdit && <Button onClick={() => void navigate(paths.editFirm)}>Edit</Button>}</PageHeader>
      {firm ? (
        <>
          <section className={layout.card} aria-labelledby="firm-information">
            <h2 id="firm-information" className={layout.sectionTitle}>
              Firm Information
            </h2>
            <FirmDetails firm={firm} />
          </section>
          <section className={layout.card} aria-labelledby="firm-neos">
            <h2 id="firm-neos" className={layout.sectionTitle}>
              Neos Integration
            </h2>
            <NeosDetails firm={firm} />
          </section>
        </>
      ) : (
        <FirmLoadState failed={failed} onRetry={() => record.send({ type: 'firm.reload' })} />
      )}
    </>
  );
}
