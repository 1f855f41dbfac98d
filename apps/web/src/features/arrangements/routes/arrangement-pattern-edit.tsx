import { useMemo, useState } from 'react';
import { Alert, Button, Group, LoadingOverlay, NativeSelect, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ArrangementPatternInput, ArrangementPatternResponse } from '@sagano/domain/arrangements/arrangement-schemas';
import { countByType, unassignedSeats } from '@sagano/domain/arrangements/auto-fill';
import { labelText } from '@sagano/domain/common/label-text';
import type { Train } from '@sagano/domain/reference/reference-schemas';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { NotFoundScreen } from '../../../components/not-found-screen.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { SeatMap, type SeatView, type StandingView } from '../../../components/seat-map/seat-map.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyApiError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useTrains } from '../../../lib/reference/get-trains.ts';
import { useCreateArrangementPattern } from '../api/create-arrangement-pattern.ts';
import { useDeleteArrangementPattern } from '../api/delete-arrangement-pattern.ts';
import { useArrangementPattern } from '../api/get-arrangement-pattern.ts';
import { useUpdateArrangementPattern } from '../api/update-arrangement-pattern.ts';
import { AutoFillForm } from '../components/auto-fill-form.tsx';
import { useArrangementTypeLabels } from '../components/use-arrangement-type-labels.ts';
import { validationMessage } from '../../../lib/validation-messages.ts';

type Standing = Record<number, { capacity: number; typeId: number | null }>;

function initialStanding(train: Train, pattern: ArrangementPatternResponse | undefined, standingTypeId: number | null): Standing {
  return Object.fromEntries(
    train.cars.map((car) => {
      const saved = pattern?.cars.find((c) => c.logical_car_id === car.logical_car_id);
      return [
        car.logical_car_id,
        saved
          ? { capacity: saved.standing_capacity, typeId: saved.standing_arrangement_type_id }
          : { capacity: car.standing_capacity, typeId: car.standing_capacity > 0 ? standingTypeId : null },
      ];
    }),
  );
}

function PatternEditor({ train, pattern }: { train: Train; pattern?: ArrangementPatternResponse }) {
  const { t, i18n } = useTranslation(['arrangements', 'common']);
  const navigate = useNavigate();
  const { types, byId, nameOf } = useArrangementTypeLabels();
  const seatTypes = types.filter((ty) => ty.seat_type !== 'STANDING');
  const standingTypes = types.filter((ty) => ty.seat_type === 'STANDING');
  const [name, setName] = useState(pattern?.name ?? '');
  const [nameError, setNameError] = useState<string | null>(null);
  const [assignment, setAssignment] = useState<Record<string, number>>(() =>
    Object.fromEntries((pattern?.cars ?? []).flatMap((c) => c.arrangements.map((a) => [a.seat_id, a.arrangement_type_id]))),
  );
  const [standing, setStanding] = useState<Standing>(() => initialStanding(train, pattern, standingTypes[0]?.arrangement_type_id ?? null));
  const [paintType, setPaintType] = useState<number | null>(seatTypes[0]?.arrangement_type_id ?? null);
  const [showMissing, setShowMissing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const create = useCreateArrangementPattern();
  const update = useUpdateArrangementPattern();
  const remove = useDeleteArrangementPattern();
  const locked = Boolean(pattern?.is_in_use);
  const saving = create.isPending || update.isPending;

  const missing = useMemo(() => unassignedSeats(train.cars, assignment), [train, assignment]);
  const counts = useMemo(() => countByType(assignment), [assignment]);
  const seats = useMemo(() => {
    const views: Record<string, SeatView> = {};
    for (const [seatId, typeId] of Object.entries(assignment)) {
      const type = byId.get(typeId);
      views[seatId] = { fill: type?.color_hex, typeName: nameOf(typeId), disabled: locked };
    }
    if (locked) for (const id of missing) views[id] = { disabled: true };
    return views;
  }, [assignment, byId, nameOf, locked, missing]);
  const standingViews = useMemo(() => {
    const views: Record<number, StandingView> = {};
    for (const car of train.cars) {
      const s = standing[car.logical_car_id];
      if (!s || (car.standing_capacity === 0 && s.capacity === 0)) continue;
      const type = s.typeId ? byId.get(s.typeId) : undefined;
      views[car.logical_car_id] = { count: s.capacity, fill: type?.color_hex, typeName: s.typeId ? nameOf(s.typeId) : undefined };
    }
    return views;
  }, [train, standing, byId, nameOf]);

  const paint = (seatIds: string[]) => {
    if (locked || paintType === null) return;
    setAssignment((current) => {
      const next = { ...current };
      for (const id of seatIds) next[id] = paintType;
      return next;
    });
  };

  const body = (): ArrangementPatternInput => ({
    name: name.trim(),
    logical_train_id: train.train_id,
    cars: train.cars.map((car) => ({
      logical_car_id: car.logical_car_id,
      standing_capacity: standing[car.logical_car_id]?.typeId ? (standing[car.logical_car_id]?.capacity ?? 0) : 0,
      standing_arrangement_type_id: standing[car.logical_car_id]?.typeId ?? null,
      arrangements: car.seats.filter((s) => assignment[s.seat_id] !== undefined).map((s) => ({ seat_id: s.seat_id, arrangement_type_id: assignment[s.seat_id]! })),
    })),
  });

  const onError = (error: Error) => {
    if (error instanceof ApiError && error.field === 'cars') {
      setShowMissing(true);
      return;
    }
    if (error instanceof ApiError && error.field === 'name') {
      setNameError(validationMessage.required(t('patterns.name')));
      return;
    }
    if (error instanceof ApiError && error.code === 'CONFLICT') {
      notifyError(t('patterns.inUseError'));
      return;
    }
    notifyApiError(error);
  };

  const save = () => {
    const nameMissing = name.trim() === '';
    setNameError(nameMissing ? validationMessage.required(t('patterns.name')) : null);
    setShowMissing(missing.length > 0);
    if (nameMissing || missing.length > 0) return;
    if (pattern) {
      update.mutate({ id: pattern.arrangement_pattern_id, body: body() }, { onSuccess: () => notifySuccess(t('patterns.saved')), onError });
    } else {
      create.mutate(body(), {
        onSuccess: (created) => {
          notifySuccess(t('patterns.created'));
          navigate(`/arrangement-pattern/${created.arrangement_pattern_id}`, { replace: true });
        },
        onError,
      });
    }
  };

  const title = pattern ? t('patterns.editTitle') : t('patterns.addTitle');
  return (
    <>
      <PageHeader
        title={title}
        description={t('patterns.editDescription')}
        actions={
          <>
            <Button component={Link} to="/arrangement-pattern" variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />}>
              {t('patterns.backToList')}
            </Button>
            {pattern && (
              <Button variant="default" color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => setConfirmDelete(true)}>
                {t('common:actions.delete')}
              </Button>
            )}
            <Button leftSection={<IconDeviceFloppy size={16} aria-hidden />} onClick={save} loading={saving}>
              {t('common:actions.save')}
            </Button>
          </>
        }
      />
      <Stack gap="md">
        {locked && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />}>
            {t('patterns.inUseNote')}
          </Alert>
        )}
        <Paper withBorder p="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t('patterns.name')} required value={name} onChange={(e) => setName(e.currentTarget.value)} error={nameError} maxLength={100} />
            <TextInput label={t('patterns.train')} value={labelText(train.name, i18n.language)} readOnly variant="filled" />
          </SimpleGrid>
        </Paper>
        {!locked && <AutoFillForm cars={train.cars} types={seatTypes} nameOf={nameOf} assignment={assignment} onFill={setAssignment} />}
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group justify="space-between" align="center">
              <Title order={2} size="h5">
                {locked ? t('patterns.seatMapLabel') : t('patterns.paintWith')}
              </Title>
              <Text size="sm" c={missing.length ? 'red.8' : 'teal.9'} fw={600}>
                {missing.length ? t('patterns.unassigned', { count: missing.length }) : t('patterns.allAssigned')}
              </Text>
            </Group>
            {showMissing && missing.length > 0 && (
              <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} aria-hidden />}>
                {t('patterns.everySeat')}
              </Alert>
            )}
            <SeatMap
              cars={train.cars}
              seats={seats}
              standing={standingViews}
              onSeatClick={locked ? undefined : (id) => paint([id])}
              onSeatsSweep={locked ? undefined : paint}
              legend={seatTypes.map((ty) => ({ key: ty.arrangement_type_id, label: nameOf(ty.arrangement_type_id), colorHex: ty.color_hex, count: counts.get(ty.arrangement_type_id) ?? 0 }))}
              activeLegendKey={locked ? null : paintType}
              onLegendPick={locked ? undefined : (key) => setPaintType(Number(key))}
              label={t('patterns.seatMapLabel')}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Title order={2} size="h5" mb="xs">
            {t('patterns.standingTitle')}
          </Title>
          <Group gap="lg" align="flex-end">
            {train.cars
              .filter((car) => car.standing_capacity > 0)
              .map((car) => (
                <Group key={car.logical_car_id} gap="sm" align="flex-end">
                  <NumberInput
                    label={t('patterns.standingCapacity', { car: car.car_number, max: car.standing_capacity })}
                    min={0}
                    max={car.standing_capacity}
                    allowDecimal={false}
                    clampBehavior="strict"
                    disabled={locked}
                    value={standing[car.logical_car_id]?.capacity ?? 0}
                    onChange={(v) => setStanding((s) => ({ ...s, [car.logical_car_id]: { typeId: s[car.logical_car_id]?.typeId ?? null, capacity: Number(v) || 0 } }))}
                    w={240}
                  />
                  <NativeSelect
                    label={t('patterns.standingType', { car: car.car_number })}
                    disabled={locked}
                    value={String(standing[car.logical_car_id]?.typeId ?? '')}
                    onChange={(e) => {
                      const value = e.currentTarget.value;
                      setStanding((s) => ({ ...s, [car.logical_car_id]: { capacity: s[car.logical_car_id]?.capacity ?? 0, typeId: value ? Number(value) : null } }));
                    }}
                    data={[{ value: '', label: t('common:actions.choose') }, ...standingTypes.map((ty) => ({ value: String(ty.arrangement_type_id), label: nameOf(ty.arrangement_type_id) }))]}
                    w={170}
                  />
                </Group>
              ))}
          </Group>
        </Paper>
      </Stack>
      {pattern && (
        <ConfirmModal
          opened={confirmDelete}
          title={t('patterns.deleteTitle')}
          message={t('patterns.deleteConfirm', { name: pattern.name })}
          confirmLabel={t('common:actions.delete')}
          danger
          loading={remove.isPending}
          onClose={() => setConfirmDelete(false)}
          onConfirm={() =>
            remove.mutate(pattern.arrangement_pattern_id, {
              onSuccess: () => {
                notifySuccess(t('patterns.deleted'));
                navigate('/arrangement-pattern');
              },
              onError: (error) => {
                setConfirmDelete(false);
                if (error instanceof ApiError && error.code === 'CONFLICT') notifyError(t('patterns.deleteInUse'));
                else notifyApiError(error);
              },
            })
          }
        />
      )}
    </>
  );
}

/** /arrangement-pattern/add and /arrangement-pattern/{arrangementPatternId}: the pattern on the seat map. */
export function Component() {
  const { arrangementPatternId } = useParams();
  const id = arrangementPatternId === undefined ? null : Number(arrangementPatternId);
  const validId = id === null || (Number.isInteger(id) && id > 0);
  const trains = useTrains();
  const types = useArrangementTypeLabels();
  const pattern = useArrangementPattern(validId ? id : null);
  if (!validId || (pattern.error instanceof ApiError && pattern.error.status === 404)) return <NotFoundScreen />;
  const train = trains.data?.trains.find((tr) => tr.train_id === (pattern.data?.logical_train_id ?? trains.data?.trains[0]?.train_id));
  if (!train || types.types.length === 0 || (id !== null && !pattern.data)) return <LoadingOverlay visible />;
  return <PatternEditor key={`${id ?? 'new'}:${pattern.data?.updated_at ?? ''}`} train={train} pattern={pattern.data} />;
}
