import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
import type { BookingSeatDirection } from '@sagano/domain/seats/seat-schemas';
// Reference lists are loaded by the shell for every screen; reading them is not reaching into another feature's internals.
import { useArrangementTypes } from '../../../lib/reference/get-arrangement-types.ts';
import { useStations } from '../../../lib/reference/get-stations.ts';

/** Names for the seat screens in the screen's language: arrangement types (with colours), stations, trains. */
export function useSeatLabels() {
  const { t, i18n } = useTranslation('seats');
  const language = i18n.language;
  const types = useArrangementTypes();
  const stations = useStations();
  return useMemo(() => {
    const arrangementTypes: ArrangementType[] = [...(types.data?.arrangement_types ?? [])].sort((a, b) => a.display_order - b.display_order);
    const typeById = new Map(arrangementTypes.map((type) => [type.arrangement_type_id, type]));
    const stationById = new Map((stations.data?.stations ?? []).map((s) => [s.station_id, s]));
    const stationName = (id: number) => {
      const station = stationById.get(id);
      return station ? labelText(station.labels, language) : String(id);
    };
    return {
      language,
      label: (l: readonly LocalizedLabel[]) => labelText(l, language),
      arrangementTypes,
      typeById,
      typeName: (id: number) => {
        const type = typeById.get(id);
        return type ? labelText(type.name, language) : `#${id}`;
      },
      stationName,
      /** 往路 / 復路 */
      directionName: (d: Pick<BookingSeatDirection, 'direction'>) => t(`direction.${d.direction}`),
      /** 2026-05-01 トロッコ1号 トロッコ嵯峨 → トロッコ亀岡 */
      trainLine: (d: BookingSeatDirection) =>
        t('trainLine', { date: d.service_day, train: labelText(d.service_names, language), from: stationName(d.from_station_id), to: stationName(d.to_station_id) }),
      time: (d: BookingSeatDirection) => t('time', { departure: d.departure_hhmm ?? '—', arrival: d.arrival_hhmm ?? '—' }),
    };
  }, [types.data, stations.data, language, t]);
}

export type SeatLabels = ReturnType<typeof useSeatLabels>;
