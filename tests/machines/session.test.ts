import { createActor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { sessionMachine } from '../../machines/session.machine.ts';
import { pathSuite } from './pathSuite.ts';

pathSuite('session', [
  {
    name: 'all cases',
    machine: sessionMachine,
    generators: ['cover', 'simple'],
    outcomes: {},
    events: () => [{ type: 'EXPIRED', silent: true }, { type: 'EXPIRED', silent: false }, { type: 'RELOGIN' }, { type: 'CANCEL' }],
  },
]);

describe('session: behaviour', () => {
  function start() {
    const logout = vi.fn();
    const goToLogin = vi.fn();
    const goToStart = vi.fn();
    const actor = createActor(sessionMachine.provide({ actions: { logout, goToLogin, goToStart } })).start();
    return { actor, logout, goToLogin, goToStart };
  }

  it('on the date-selection page a 401 logs out silently', () => {
    const { actor, logout, goToLogin, goToStart } = start();
    actor.send({ type: 'EXPIRED', silent: true });
    expect(actor.getSnapshot().value).toBe('active');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(goToLogin).not.toHaveBeenCalled();
    expect(goToStart).not.toHaveBeenCalled();
  });

  it('elsewhere it asks once; further 401s are ignored; RELOGIN opens the login page without logging out', () => {
    const { actor, logout, goToLogin } = start();
    actor.send({ type: 'EXPIRED', silent: false });
    actor.send({ type: 'EXPIRED', silent: false });
    actor.send({ type: 'EXPIRED', silent: true });
    expect(actor.getSnapshot().value).toBe('confirming');
    expect(logout).not.toHaveBeenCalled();
    actor.send({ type: 'RELOGIN' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(goToLogin).toHaveBeenCalledTimes(1);
    expect(logout).not.toHaveBeenCalled();
  });

  it('CANCEL logs out and returns to the start page', () => {
    const { actor, logout, goToStart, goToLogin } = start();
    actor.send({ type: 'EXPIRED', silent: false });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().value).toBe('active');
    expect(logout).toHaveBeenCalledTimes(1);
    expect(goToStart).toHaveBeenCalledTimes(1);
    expect(goToLogin).not.toHaveBeenCalled();
  });
});
