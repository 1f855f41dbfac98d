import { Loader } from '@mantine/core';
import { Outlet, useParams } from 'react-router';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { ApiError } from '../../../lib/api-client.ts';
// Reference lists are loaded by the shell for every screen; reading them is not reaching into another feature's internals.
import { useUnits } from '../../../lib/reference/get-units.ts';
import { useBooking } from '../api/get-booking.ts';

/** /bookings/{bookingId}/*: loads the unit list first, then the booking, then shows the child screen (spec 000 §2). */
export function Component() {
  const { bookingId = '' } = useParams();
  const valid = /^\d{8}$/.test(bookingId);
  const units = useUnits();
  const booking = useBooking(bookingId, { enabled: valid && units.isSuccess });
  if (!valid || (booking.error instanceof ApiError && booking.error.status === 404)) return <NotFoundScreen />;
  if (!units.isSuccess || !booking.data) return <Loader m="xl" />;
  return <Outlet />;
}
