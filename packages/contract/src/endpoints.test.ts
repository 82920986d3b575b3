import { describe, expect, it } from 'vitest';
import { endpointRoutes, isContentEndpoint } from './endpoint-routes.ts';
import { endpoints } from './endpoints.ts';

describe('endpoint routes', () => {
  it('name the same endpoints as the full table', () => {
    expect(Object.keys(endpointRoutes).sort()).toEqual(Object.keys(endpoints).sort());
  });

  it('mark exactly the text/plain endpoints as text, so the browser parses the others as JSON', () => {
    for (const [name, ep] of Object.entries(endpoints)) {
      const route = endpointRoutes[name as keyof typeof endpointRoutes] as { text?: boolean };
      expect({ name, text: route.text === true }).toEqual({ name, text: ep.response === 'text' });
    }
  });

  it('give every endpoint its own method and path', () => {
    const keys = Object.values(endpointRoutes).map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tell content calls (X-Origin header) from shop and account calls (organizacja header)', () => {
    expect(isContentEndpoint(endpointRoutes.getContentPage)).toBe(true);
    expect(isContentEndpoint(endpointRoutes.getSiteSettings)).toBe(true);
    expect(isContentEndpoint(endpointRoutes.getProducts)).toBe(false);
    expect(isContentEndpoint(endpointRoutes.login)).toBe(false);
  });
});
