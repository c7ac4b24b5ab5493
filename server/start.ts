// `npm start` (docs/architecture.md): server/boot.ts with the environment's settings, the console, and the
// process's signals for a graceful shutdown.
import { boot, type Booted } from './boot';
import { ConfigError, loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  let closing = false;
  const booted: Booted = await boot(config, { log: (line) => console.log(line), warn: (line) => console.warn(line) }, () => closing);

  // SIGTERM (a container runtime, a load balancer's drain) or Ctrl-C (README, Stopping): every request
  // already received is answered, idle keep-alive sockets are closed, nothing new is accepted.
  // A client that never finishes its request cannot hold the process: requests time out
  // (REQUEST_TIMEOUT_MS) and past SHUTDOWN_TIMEOUT_MS the process exits anyway (README, Timeouts).
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    booted.app.log.info(`${signal}: closing`);
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms: closing the remaining connections and exiting.`);
      booted.app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
    await booted.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
