import { options } from 'preact';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import './lib/preact-options.ts';

// Effects run after a message-channel task, as React DOM schedules them, not after the next
// animation frame: frames stop in background tabs and under paused clocks.
options.requestAnimationFrame = (callback) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => callback();
  channel.port2.postMessage(null);
};

// HydratedRouter suspends on its first render while it decodes the loader data streamed with the
// page; Preact would give up hydrating the document there. So its first call, which throws that
// promise before touching any hook, happens here, and hydration starts once it settles.
const routerReady = async () => {
  try {
    (HydratedRouter as (props: object) => unknown)({});
  } catch (pending) {
    if (pending instanceof Promise) await pending;
    else throw pending;
  }
};

routerReady().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
