import { describe, expect, it } from 'vitest';
import { statusBadgeClass } from './StatusBadge.tsx';

describe('statusBadgeClass', () => {
  it('gives every status 10–60 its own colour, and unknown codes a neutral one', () => {
    const classes = [10, 20, 30, 40, 50, 60].map(statusBadgeClass);
    const unknown = statusBadgeClass(99);
    expect(new Set([...classes, unknown]).size).toBe(7);
    expect(statusBadgeClass(0)).toBe(unknown);
  });
});
