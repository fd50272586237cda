import { stopTestServices } from './services';

export default async function globalTeardown(): Promise<void> {
  await stopTestServices();
}
