// `?inspect`: in development every machine the app starts reports to one Stately
// inspector; without the parameter nothing is attached. The real inspector opens a pop-up on
// stately.ai, so here it is replaced by one that keeps what it receives.
import { act, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fromPromise, type AnyActorRef, type InspectionEvent } from 'xstate';
import { paginationMachine, type PageRequest, type PageResult } from '../../src/machines/pagination.machine';
import { inspectOptions, useMachineActor } from '../../src/ui/app/inspect';
import { renderApp, signedInAs } from './shell/harness';

const received = vi.hoisted(() => [] as InspectionEvent[]);
const opened = vi.hoisted(() => ({ count: 0 }));

vi.mock('@statelyai/inspect', () => ({
  createBrowserInspector: () => {
    opened.count++;
    return { inspect: { next: (event: InspectionEvent) => received.push(event) } };
  },
}));

const emptyPage = paginationMachine.provide({
  actors: { load: fromPromise<PageResult, PageRequest>(async () => ({ rows: [], totalRecords: 0 })) },
});

let pager: AnyActorRef | undefined;

function PagedList() {
  pager = useMachineActor(emptyPage, { input: { pageSize: 5 } });
  return <p>list</p>;
}

function machineIdsRegistered(): string[] {
  return received
    .filter((event) => event.type === '@xstate.actor')
    .map((event) => (event.actorRef as { logic?: { id?: string } }).logic?.id ?? '');
}

afterEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('?inspect', () => {
  it('is off without the parameter: no inspector is loaded and actors run as usual', async () => {
    expect(inspectOptions()).toEqual({});
    render(<PagedList />);
    await waitFor(() => expect(pager?.getSnapshot().matches({ list: 'loaded' })).toBe(true));

    expect(pager?.getSnapshot().context.pageSize).toBe(5);
    expect(opened.count).toBe(0);
    expect(received).toEqual([]);
  });

  it('with the parameter, the session and the pages report to one inspector from their first event', async () => {
    window.history.replaceState(null, '', '/?inspect');

    renderApp({ path: '/login' });
    render(<PagedList />);
    act(() => pager?.send({ type: 'search.input', value: 'ana' }));

    await waitFor(() => expect(machineIdsRegistered()).toEqual(expect.arrayContaining(['session', 'pagination'])));
    expect(opened.count).toBe(1);
    // Events from before the inspector finished loading arrive too, in order.
    const pagerEvents = received
      .filter((event) => event.type === '@xstate.event' && event.actorRef === pager)
      .map((event) => (event.type === '@xstate.event' ? event.event.type : ''));
    expect(pagerEvents).toContain('search.input');
    expect(received.findIndex((event) => event.type === '@xstate.actor' && event.actorRef === pager)).toBeLessThan(
      received.findIndex((event) => event.type === '@xstate.event' && event.actorRef === pager),
    );
  });

  it('with the parameter, the intake form reports its machine too', async () => {
    window.history.replaceState(null, '', '/?inspect');
    signedInAs('owner');
    renderApp({ path: '/new-intake' });
    await waitFor(() => expect(machineIdsRegistered()).toContain('intake'), { timeout: 5000 });
  });
});
