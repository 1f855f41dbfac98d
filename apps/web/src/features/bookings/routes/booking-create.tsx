import { useEffect, useState } from 'react';
import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useBooking } from '../api/get-booking.ts';
import { BookingForm } from '../components/booking-form.tsx';
import { formFromBooking, formFromSearchParams, loadForm, saveForm, withCallerAgent, withPickedTrain, type BookingFormState, type StoredForm } from '../components/booking-form-state.ts';
import { useBookingLabels, type BookingLabels } from '../components/use-booking-labels.ts';

/**
 * The draft to edit: the stored one when it was started from this very address (a reload, or
 * back from the confirm screen); otherwise a new one (from the address or the copied booking).
 */
function DraftForm({ stored, origin, fresh, labels }: { stored: StoredForm; origin: string; fresh: () => BookingFormState; labels: BookingLabels }) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  // An agent's draft is always for their own agent (and branch), whatever was stored or copied.
  const [draft] = useState(() => withCallerAgent(stored.kind === 'ok' && stored.state.origin === origin ? stored.state : fresh(), user));
  useEffect(() => saveForm(sessionStorage, draft), [draft]);
  return <BookingForm key={draft.form_id} initial={draft} labels={labels} onNext={() => void navigate('/bookings/confirm')} />;
}

/**
 * /bookings/create (from the seat inquiry: ?date=&trip=single|round&from=&to=&down_service_id=&up_service_id=),
 * /bookings/{id}/copy (the same form filled from the booking, as a new request) and
 * /bookings/{id}/update (the booking's change: the confirm screen sends it with PUT /params; from the seat
 * inquiry with ?date=&down_service_id= or up_service_id=, that train already chosen).
 */
export function Component() {
  const { t } = useTranslation('bookings');
  const { bookingId } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const labels = useBookingLabels();
  const copyOf = useBooking(bookingId ?? '', { enabled: Boolean(bookingId) });
  const origin = `${location.pathname}${location.search}`;
  const [stored] = useState(() => loadForm(sessionStorage));
  const resumes = stored.kind === 'ok' && stored.state.origin === origin;
  const ready = labels.unitsLoaded && (!bookingId || resumes || copyOf.data !== undefined);
  const updating = Boolean(bookingId) && location.pathname.endsWith('/update');
  // A change the booking's state does not allow now (not yet confirmed, a change or cancellation
  // pending; can_update, the server's flag): said here, as the cancel page does, rather than a form
  // the server would refuse.
  const updateRefused = updating && copyOf.data !== undefined && !copyOf.data.can_update;
  const title = !bookingId ? t('form.createTitle') : updating ? t('form.updateTitle', { id: bookingId }) : t('form.copyTitle', { id: bookingId });

  return (
    <>
      <PageHeader title={title} />
      {stored.kind === 'invalid' && (
        <Alert color="yellow" mb="md">
          {t('form.invalid')}
        </Alert>
      )}
      {updateRefused ? (
        <Stack gap="sm" align="flex-start" data-testid="update-not-possible">
          <Alert color="gray" icon={<IconInfoCircle size={16} aria-hidden />}>
            {t('form.updateNotPossible')}
          </Alert>
          <Anchor component={Link} to={`/bookings/${bookingId}`} size="sm" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
            <IconArrowLeft size={14} aria-hidden />
            {t('histories.backToDetail')}
          </Anchor>
        </Stack>
      ) : ready ? (
        <DraftForm
          stored={stored}
          origin={origin}
          labels={labels}
          fresh={() =>
            bookingId && copyOf.data
              ? updating
                ? // A change may come from the seat inquiry with the new train chosen (?date=&down_service_id= or up_service_id=).
                  withPickedTrain({ ...formFromBooking(copyOf.data, origin), update_of: bookingId }, searchParams)
                : formFromBooking(copyOf.data, origin)
              : formFromSearchParams(searchParams, origin)
          }
        />
      ) : (
        <Loader role="status" aria-label={title} />
      )}
    </>
  );
}
