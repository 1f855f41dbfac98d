import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { Unit } from '@sagano/domain/reference/reference-schemas';
// Reference lists are loaded by the shell for every screen; reading them is not reaching into another feature's internals.
import { useStations } from '../../../lib/reference/get-stations.ts';
import { useUnits } from '../../../lib/reference/get-units.ts';

/** Station and unit names in the screen's language, from the shell's reference lists. */
export function useBookingLabels() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const stations = useStations();
  const units = useUnits();
  return useMemo(() => {
    const stationById = new Map((stations.data?.stations ?? []).map((s) => [s.station_id, s]));
    const unitList: Unit[] = [...(units.data?.units ?? [])].sort((a, b) => a.display_order - b.display_order);
    const unitById = new Map(unitList.map((u) => [u.id, u]));
    return {
      language,
      units: unitList,
      unitsLoaded: units.isSuccess,
      label: (labels: readonly LocalizedLabel[]) => labelText(labels, language),
      stationName: (id: number | null | undefined) => {
        const station = id === null || id === undefined ? undefined : stationById.get(id);
        return station ? labelText(station.labels, language) : id ? String(id) : '';
      },
      stationIds: [...stationById.values()].sort((a, b) => a.display_order - b.display_order).map((s) => s.station_id),
      unitName: (id: number) => {
        const unit = unitById.get(id);
        return unit ? labelText(unit.name_label, language) : `#${id}`;
      },
    };
  }, [stations.data, units.data, units.isSuccess, language]);
}

export type BookingLabels = ReturnType<typeof useBookingLabels>;
