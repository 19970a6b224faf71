import { describe, expect, it } from 'vitest';
import { toolDescription, toolName } from './tool-texts';

const kanna = {
  productName: 'Hira Kanna 48 mm',
  description: 'A flat-sole smoothing plane.',
  productNameJa: '平鉋 48mm',
  descriptionJa: '仕上げ用の平鉋です。',
};

describe("a tool's name and description in the reader's language", () => {
  it('gives a Japanese reader the Japanese texts when the tool has them', () => {
    expect(toolName(kanna, 'ja')).toBe('平鉋 48mm');
    expect(toolDescription(kanna, 'ja')).toBe('仕上げ用の平鉋です。');
  });

  it('gives an English reader the English texts, whatever Japanese ones there are', () => {
    expect(toolName(kanna, 'en')).toBe('Hira Kanna 48 mm');
    expect(toolDescription(kanna, 'en')).toBe('A flat-sole smoothing plane.');
  });

  it('falls back to English for a Japanese reader when a text has no Japanese version', () => {
    const onlyName = { ...kanna, descriptionJa: null };
    expect(toolName(onlyName, 'ja')).toBe('平鉋 48mm');
    expect(toolDescription(onlyName, 'ja')).toBe('A flat-sole smoothing plane.');
    // A previous release's answer has no Japanese fields at all; an empty text counts as none.
    const { productNameJa: _, descriptionJa: __, ...older } = kanna;
    expect(toolName(older, 'ja')).toBe('Hira Kanna 48 mm');
    expect(toolDescription({ ...kanna, descriptionJa: '' }, 'ja')).toBe('A flat-sole smoothing plane.');
  });
});
