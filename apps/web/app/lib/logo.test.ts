import { logoVersion } from '@club/contract';
import { describe, expect, it } from 'vitest';
import { siteLogo, siteLogoUrl } from './logo.ts';

describe('siteLogoUrl', () => {
  it('names the club and the logo version, so a replaced logo gets a new address', () => {
    const before = {
      OrganizacjaAlias: 'demo',
      WersjeLogo: { main: logoVersion('main-1a2b3c.png'), footer: '' },
    };
    const after = { ...before, WersjeLogo: { ...before.WersjeLogo, main: logoVersion('main-9f8e7d.png') } };
    expect(siteLogoUrl('main', before)).toBe('/api/cms/stronyfrontend/logo/main?p=demo&v=main-1a2b3c');
    expect(siteLogoUrl('main', after)).toBe('/api/cms/stronyfrontend/logo/main?p=demo&v=main-9f8e7d');
    // No version known (no logo, or an API without versions): the spec's address.
    expect(siteLogoUrl('footer', before)).toBe('/api/cms/stronyfrontend/logo/footer?p=demo');
    expect(siteLogoUrl('footer', { OrganizacjaAlias: 'klub a&b' })).toBe(
      '/api/cms/stronyfrontend/logo/footer?p=klub%20a%26b',
    );
  });
});

describe('siteLogo', () => {
  it("gives the logo and its small WebP copy for pages, both at the logo version's address", () => {
    const settings = { OrganizacjaAlias: 'demo', WersjeLogo: { main: 'main-1a2b3c', footer: '' } };
    expect(siteLogo('main', settings)).toEqual({
      src: '/api/cms/stronyfrontend/logo/main?p=demo&v=main-1a2b3c',
      shown: '/api/cms/stronyfrontend/logo/main?p=demo&v=main-1a2b3c&f=webp',
    });
  });
});
