const readApiUrl = (raw: string | undefined): string | undefined => {
  const value = raw?.trim();
  if (!value) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new Error(`Invalid configuration:\n  API_URL: expected an http(s) URL, got "${value}"`);
  }
  return url.toString().replace(/\/$/, '');
};

/** Read once at start-up; a bad value stops the server with the variable's name. */
export const env = {
  /** The API's base URL when web and API are deployed apart; unset → in-process calls. */
  apiUrl: readApiUrl(process.env.API_URL),
  /** Where a stand-alone dev server (`react-router dev`) finds the API when API_URL is unset. */
  devApiUrl: `http://localhost:${process.env.API_PORT ?? '3000'}`,
};
