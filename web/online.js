// The online table's transport: text between the devices at one table, peer to peer
// over WebRTC, the devices finding each other through Nostr relays (Trystero). What
// the text means is the Python protocol's business (senator_core.online); this only
// carries it. The page imports this module when an online game starts and never
// before, so nothing off-site is contacted until then.
import { joinRoom, selfId } from "./vendor/@trystero-p2p/nostr/dist/index.mjs";

// Trystero keys rooms on the relays by app id and room name: this names the game's.
const APP_ID = "senator-card-game";
// The one action that carries the protocol's messages (at most 32 bytes, Trystero says).
const ACTION = "table";

// The last table's leaving, which takes a moment: the transport library hands a join
// of a room still being left the old room itself, so a join waits for it.
let leaving = Promise.resolve();

/**
 * What the transport tells the page. Device ids are Trystero's: one per page load,
 * the same in every room.
 * @typedef {object} Handlers
 * @property {(peerId: string) => void} onPeerJoin a device is connected and can be sent to
 * @property {(peerId: string) => void} onPeerLeave a device left, or its connection closed
 * @property {(peerId: string, text: string) => void} onMessage a device sent this text
 * @property {(reason: string, peerId: string | null) => void} [onError] a device
 *   could not be joined: another password, or no path between the two (needs TURN)
 */

/**
 * One device's connection to a table.
 * @typedef {object} Transport
 * @property {string} selfId this device's id, as the others know it
 * @property {(text: string, peerId?: string | null) => Promise<void>} send to one
 *   device, or to every device at the table when `peerId` is null or left out
 * @property {(peerId: string) => void} drop closes the connection to one device
 * @property {() => Promise<void>} leave closes every connection; the others see it leave
 * @property {() => Record<string, RTCPeerConnection>} connections by device id (for
 *   what a connection runs over: `getStats()`)
 */

/**
 * Joins a table. Only one at a time: leave it before joining another. The relays of
 * the first join serve every later one until the page reloads (Trystero's rule).
 * @param {string} room the table's name, shared by its devices
 * @param {string} password shared by the table's devices ("" for none); it encrypts
 *   what the relays carry
 * @param {Iterable<string>} relayUrls Nostr relays, `wss://` (or `ws://` on the loopback)
 * @param {Iterable<RTCIceServer>} iceServers STUN and TURN servers, none for a network
 *   without either (one Wi-Fi)
 * @param {Handlers} handlers
 * @returns {Promise<Transport>} once the last table is left
 */
export async function join(room, password, relayUrls, iceServers, handlers) {
  await leaving.catch(() => {});
  /** @type {Record<string, unknown>} */
  const config = {
    appId: APP_ID,
    relayConfig: { urls: [...relayUrls] },
    // Replaces Trystero's default STUN servers rather than adding to them.
    rtcConfig: { iceServers: [...iceServers] },
  };
  if (password) config.password = password;
  const table = joinRoom(config, room, {
    onJoinError: (details) => handlers.onError?.(String(details.error), details.peerId ?? null),
  });
  const messages = table.makeAction(ACTION);
  messages.onMessage = (data, { peerId }) => {
    if (typeof data === "string") handlers.onMessage(peerId, data);
  };
  table.onPeerJoin = (peerId) => handlers.onPeerJoin(peerId);
  table.onPeerLeave = (peerId) => handlers.onPeerLeave(peerId);
  return {
    selfId,
    send: (text, peerId = null) => messages.send(String(text), peerId ? { target: peerId } : {}),
    drop: (peerId) => table.getPeers()[peerId]?.close(),
    leave: () => (leaving = table.leave()),
    connections: () => table.getPeers(),
  };
}

/**
 * What the relays' sockets tell the page.
 * @typedef {object} RelayHandlers
 * @property {(url: string) => void} onRelayOpened the socket to a relay opened (again)
 * @property {(url: string) => void} onRelayClosed it closed; it is opened again later
 * @property {(url: string, text: string) => void} onRelayFrame the relay sent this text
 */

/**
 * Sockets to the table's Nostr relays, for its path through them: the Python side
 * (`senator_core.online.relays`) makes and reads every frame; this only keeps the
 * sockets open, opening each again after it closes, a little later each time.
 * @param {RelayHandlers} handlers
 */
export function relaySockets(handlers) {
  /** @type {Map<string, {socket?: WebSocket, wait: number, timer?: number, gone: boolean}>} */
  const relays = new Map();
  const FIRST_WAIT_MS = 2000;
  const LONGEST_WAIT_MS = 60000;
  const open = (url) => {
    const relay = relays.get(url);
    if (!relay || relay.gone) return;
    let socket;
    try {
      socket = new WebSocket(url);
    } catch {
      relay.gone = true; // not a socket's address at all
      return;
    }
    relay.socket = socket;
    socket.onopen = () => {
      relay.wait = FIRST_WAIT_MS;
      handlers.onRelayOpened(url);
    };
    socket.onmessage = (event) => {
      if (typeof event.data === "string") handlers.onRelayFrame(url, event.data);
    };
    socket.onclose = () => {
      if (relay.socket !== socket) return;
      handlers.onRelayClosed(url);
      if (relay.gone) return;
      relay.timer = setTimeout(() => open(url), relay.wait * (0.5 + Math.random()));
      relay.wait = Math.min(relay.wait * 2, LONGEST_WAIT_MS);
    };
  };
  const close = (url) => {
    const relay = relays.get(url);
    if (!relay) return;
    relay.gone = true;
    clearTimeout(relay.timer);
    relay.socket?.close();
  };
  return {
    /** @param {Iterable<string>} urls opens a socket to each relay not yet open */
    add: (urls) => {
      for (const url of urls) {
        if (relays.has(url) && !relays.get(url).gone) continue;
        relays.set(url, { wait: FIRST_WAIT_MS, gone: false });
        open(url);
      }
    },
    /** sends on the relay's socket (nothing while it is not open) */
    send: (url, text) => {
      const socket = relays.get(url)?.socket;
      if (socket?.readyState === WebSocket.OPEN) socket.send(String(text));
    },
    /** opens each relay's socket afresh (after a sleep one may be dead unseen) */
    reopen: () => {
      for (const [url, relay] of relays) {
        if (relay.gone) continue;
        clearTimeout(relay.timer);
        const old = relay.socket;
        relay.socket = undefined; // its close is not news: a new one opens now
        old?.close();
        relay.wait = FIRST_WAIT_MS;
        open(url);
      }
    },
    /** closes one relay's socket for good */
    close,
    /** closes every socket for good */
    closeAll: () => [...relays.keys()].forEach(close),
  };
}

/**
 * Holds the browser's lock `name` (the Web Locks API) until the function it gives back
 * is called: at once if no other tab of this browser holds it, else once that tab lets
 * go. `onState` is told whether this tab holds it. Where the browser has no locks,
 * every tab holds it.
 * @param {string} name
 * @param {(held: boolean) => void} onState
 * @returns {() => void} lets the lock go (or stops waiting for it)
 */
export function holdLock(name, onState) {
  if (!navigator.locks) {
    onState(true);
    return () => {};
  }
  let release = () => {};
  const held = new Promise((resolve) => {
    release = resolve;
  });
  navigator.locks.request(name, { ifAvailable: true }, (lock) => {
    if (lock) {
      onState(true);
      return held;
    }
    onState(false);
    navigator.locks.request(name, () => {
      onState(true);
      return held;
    });
    return null;
  });
  return () => release();
}
