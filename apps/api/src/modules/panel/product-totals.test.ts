import { describe, expect, it } from 'vitest';
import { forgetProductTotals, productTotal } from './product-totals.ts';

describe('product list totals', () => {
  it('counts once for requests asking at the same time, then answers from memory', async () => {
    let counts = 0;
    const count = async () => ++counts * 100;
    const answers = await Promise.all([1, 2, 3].map(() => productTotal(901, '[]', count)));
    expect(answers).toEqual([100, 100, 100]);
    expect(await productTotal(901, '[]', count)).toBe(100);
    expect(counts).toBe(1);
    // Another filter, another club: their own counts.
    expect(await productTotal(901, '["hidden"]', count)).toBe(200);
    expect(await productTotal(902, '[]', count)).toBe(300);
  });

  it("forgets only that club's totals after a change", async () => {
    let n = 0;
    const count = async () => ++n;
    expect(await productTotal(903, '[]', count)).toBe(1);
    expect(await productTotal(904, '[]', count)).toBe(2);
    forgetProductTotals(903);
    expect(await productTotal(903, '[]', count)).toBe(3);
    expect(await productTotal(904, '[]', count)).toBe(2);
  });

  it('does not keep a failed count', async () => {
    await expect(
      productTotal(905, '[]', () => Promise.reject(new Error('baza niedostępna'))),
    ).rejects.toThrow();
    expect(await productTotal(905, '[]', async () => 7)).toBe(7);
  });
});
