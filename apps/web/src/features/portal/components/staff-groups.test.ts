import { describe, expect, it } from 'vitest';
import { groupName, sortGroups } from './staff-groups.ts';

const root = { id: 1, is_root: true, name_ja: '京都さくら旅行', name_en: 'Kyoto Sakura Travel' };
const osaka = { id: 2, is_root: false, name_ja: '大阪支店', name_en: 'Osaka branch' };
const nagoya = { id: 3, is_root: false, name_ja: '名古屋支店', name_en: '' };

describe('staff groups', () => {
  it('puts the head office first and keeps the branches in order', () => {
    expect(sortGroups([osaka, root, nagoya]).map((g) => g.id)).toEqual([1, 2, 3]);
  });

  it('names a group in the screen language, the head office as such', () => {
    const ja = { word: '本社', named: (name: string) => `本社（${name}）` };
    const en = { word: 'Head office', named: (name: string) => `Head office (${name})` };
    expect(groupName(osaka, 'ja', ja)).toBe('大阪支店');
    expect(groupName(osaka, 'en', en)).toBe('Osaka branch');
    expect(groupName(nagoya, 'en', en)).toBe('名古屋支店');
    expect(groupName(root, 'ja', ja)).toBe('本社（京都さくら旅行）');
    expect(groupName(root, 'en', en)).toBe('Head office (Kyoto Sakura Travel)');
    expect(groupName(osaka, 'ja')).toBe('大阪支店');
  });

  it('does not say head office twice', () => {
    const ja = { word: '本社', named: (name: string) => `本社（${name}）` };
    const en = { word: 'Head office', named: (name: string) => `Head office (${name})` };
    expect(groupName({ ...root, name_ja: '京都さくら旅行 本社', name_en: 'Kyoto Sakura Travel head office' }, 'ja', ja)).toBe('京都さくら旅行 本社');
    expect(groupName({ ...root, name_en: 'Kyoto Sakura Travel head office' }, 'en', en)).toBe('Kyoto Sakura Travel head office');
  });
});
