import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { LocalizedLabel } from '@sagano/domain/common/language';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
// Reference lists are loaded by the shell for every screen; reading them is not reaching into another feature's internals.
import { useArrangementTypes } from '../../../lib/reference/get-arrangement-types.ts';
import { useStations } from '../../../lib/reference/get-stations.ts';

/** Names of stations and arrangement types in the screen's language, from the shell's reference lists. */
export function useReferenceLabels() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const stations = useStations();
  const types = useArrangementTypes();
  return useMemo(() => {
    const stationById = new Map((stations.data?.stations ?? []).map((s) => [s.station_id, s]));
    const arrangementTypes: ArrangementType[] = [...(types.data?.arrangement_types ?? [])].sort(
      (a, b) => a.display_order - b.display_order,
    );
    const typeById = new Map(arrangementTypes.map((type) => [type.arrangement_type_id, type]));
    return {
      language,
      label: (labels: readonly LocalizedLabel[]) => labelText(labels, language),
      stationName: (id: number | null | undefined) => {
        const station = id === null || id === undefined ? undefined : stationById.get(id);
        return station ? labelText(station.labels, language) : id ? String(id) : '';
      },
      stationIds: [...stationById.values()].sort((a, b) => a.display_order - b.display_order).map((s) => s.station_id),
      arrangementTypes,
      typeById,
      typeName: (id: number | null | undefined) => {
        const type = id === null || id === undefined ? undefined : typeById.get(id);
        return type ? labelText(type.name, language) : id ? `#${id}` : '';
      },
    };
  }, [stations.data, types.data, language]);
}

export type ReferenceLabels = ReturnType<typeof useReferenceLabels>;
