import { useState } from 'react';
import { DeparturesBoard, type DepartureDay } from './departures-board.tsx';

/** Station staff's dashboard: today's trains (tomorrow's by the switch) with each group, headcount, wheelchairs and seat table. */
export function StationDashboard() {
  const [day, setDay] = useState<DepartureDay>('today');
  return <DeparturesBoard day={day} onDayChange={setDay} testId="station-departures" />;
}
