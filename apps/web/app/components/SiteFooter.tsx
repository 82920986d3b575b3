import { ui } from '../texts.ts';

export function SiteFooter({ shop, year }: { shop: string; year: number }) {
  return (
    <footer className="mt-16 bg-primary-dark text-white">
      <div className="container-page py-8 text-sm">
        <p>{ui.copyright(year, shop)}</p>
      </div>
    </footer>
  );
}
