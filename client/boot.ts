// The router context of the API client; the boot data's types are the worker's contract (shared/boot.ts).
import { createContext } from 'react-router';
import type { ApiClient } from '#shared/api/client';

export const apiContext = createContext<ApiClient>();
