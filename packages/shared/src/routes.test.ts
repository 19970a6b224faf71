import { describe, expect, it } from 'vitest';
import { pathParams } from './routes';

describe('pathParams', () => {
  it('gives the decoded parts a pattern names', () => {
    expect(pathParams('/tools/:slug', '/tools/hira-kanna-48')).toEqual({ slug: 'hira-kanna-48' });
    expect(pathParams('/tools/:slug', '/tools/%E5%B9%B3%E9%89%8B')).toEqual({ slug: '平鉋' });
    expect(pathParams('/allProduct', '/allProduct')).toEqual({});
  });

  it('refuses another form, an empty part and a part that does not decode', () => {
    expect(pathParams('/tools/:slug', '/tools/a/b')).toBeUndefined();
    expect(pathParams('/tools/:slug', '/reviews/a')).toBeUndefined();
    expect(pathParams('/tools/:slug', '/tools/')).toBeUndefined();
    expect(pathParams('/tools/:slug', '/tools/%E5%B9')).toBeUndefined();
  });
});
