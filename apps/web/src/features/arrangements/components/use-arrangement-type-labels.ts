import { useTranslation } from 'react-i18next';
import { labelText } from '@sagano/domain/common/label-text';
import type { ArrangementType } from '@sagano/domain/reference/reference-schemas';
import { useArrangementTypes } from '../../../lib/reference/get-arrangement-types.ts';

/** The arrangement types with their names in the screen's language. */
export function useArrangementTypeLabels(): { types: ArrangementType[]; nameOf: (id: number) => string; byId: Map<number, ArrangementType> } {
  const { i18n } = useTranslation();
  const types = useArrangementTypes().data?.arrangement_types ?? [];
  const byId = new Map(types.map((ty) => [ty.arrangement_type_id, ty]));
  return { types, byId, nameOf: (id) => (byId.has(id) ? labelText(byId.get(id)!.name, i18n.language) : String(id)) };
}
