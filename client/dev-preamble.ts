// Dev server only: installs React Fast Refresh before the app's modules run.
// @ts-expect-error served by @vitejs/plugin-react under vite dev
import RefreshRuntime from '/@react-refresh';

RefreshRuntime.injectIntoGlobalHook(window);
const w = window as unknown as Record<string, unknown>;
w.$RefreshReg$ = () => {};
w.$RefreshSig$ = () => (type: unknown) => type;
w.__vite_plugin_react_preamble_installed__ = true;
