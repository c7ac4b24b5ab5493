// The server as an operator runs it: a child process (`npm start`, or node directly) on a port of
// 127.0.0.1, with its own DATA_DIR. For what only a whole process shows: signals, exits, start checks.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import path from 'node:path';

export const projectRoot = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return address.port;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything printed so far, standard output and error together. */
  output(): string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<number | string>;
}

export interface SpawnOptions {
  dataDir: string;
  env?: Record<string, string>;
  /** 'npm' runs `npm start` as the README says; 'node' runs the server without npm in between. */
  via?: 'npm' | 'node';
}

export function spawnServer(options: SpawnOptions & { port: number }): ServerProcess {
  const env = {
    ...process.env,
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    STATIC_DIR: 'off',
    // A Neos address that is never called in these tests: no sandbox is started beside the server.
    NEOS_API_URL: 'http://127.0.0.1:9',
    LOG_LEVEL: 'warn',
    // An empty firm starts faster; tests/api/demoData.test.ts turns the sample data on where it is the subject.
    DEMO_DATA: 'off',
    ...options.env,
  };
  const [command, args] =
    options.via === 'npm' ? ['npm', ['start', '--silent']] : [process.execPath, ['--import', 'tsx', 'server/start.ts']];
  const child = spawn(command as string, args as string[], { cwd: projectRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = once(child, 'exit').then(([code, signal]) => (code ?? signal) as number | string);
  return { child, port: options.port, baseUrl: `http://127.0.0.1:${options.port}`, output: () => text, exited };
}

/** Waits until GET /health answers 200, or fails when the process exits first. */
export async function untilServing(server: ServerProcess): Promise<void> {
  let ended = false;
  void server.exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`The server exited before serving:\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Resolves once nothing accepts connections on the port any more. */
export async function untilPortClosed(port: number): Promise<void> {
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (!open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
