// The online table's transport when the devices meet by codes, with no relay and no
// STUN server: one WebRTC data channel per pair, the two ends' descriptions passed by
// the players themselves (the Python side makes them into short codes). Like
// online.js, it only carries text; what the text means is the protocol's business.

// Gathering the addresses of a network with no STUN server takes a moment; a slow one
// is not waited for longer than this (what was gathered by then goes in the code).
const GATHER_MS = 3000;

/**
 * The same handlers as online.js's `join`: a connection opened, closed, a message.
 * @typedef {object} Handlers
 * @property {(link: string) => void} onPeerJoin
 * @property {(link: string) => void} onPeerLeave
 * @property {(link: string, text: string) => void} onMessage
 * @property {(reason: string, link: string | null) => void} [onError]
 */

/** @param {RTCPeerConnection} connection */
function gathered(connection) {
  return new Promise((resolve) => {
    const done = () => resolve(connection.localDescription?.sdp ?? "");
    if (connection.iceGatheringState === "complete") return done();
    const timer = setTimeout(done, GATHER_MS);
    connection.addEventListener("icegatheringstatechange", () => {
      if (connection.iceGatheringState === "complete") {
        clearTimeout(timer);
        done();
      }
    });
  });
}

/**
 * Connections made by codes, each known by a `link` the page names.
 * @param {Handlers} handlers
 */
export function direct(handlers) {
  /** @type {Map<string, {connection: RTCPeerConnection, channel: RTCDataChannel, open: boolean}>} */
  const ends = new Map();

  /** @param {string} link */
  function close(link) {
    const end = ends.get(link);
    if (!end) return;
    ends.delete(link);
    end.channel.close();
    end.connection.close();
    if (end.open) handlers.onPeerLeave(link);
  }

  /** @param {string} link */
  function open(link) {
    close(link);
    const connection = new RTCPeerConnection({ iceServers: [] });
    // Negotiated: both ends make the one channel themselves, so nothing goes in-band.
    const channel = connection.createDataChannel("table", { negotiated: true, id: 0 });
    const end = { connection, channel, open: false };
    ends.set(link, end);
    channel.onopen = () => {
      end.open = true;
      handlers.onPeerJoin(link);
    };
    channel.onclose = () => ends.get(link) === end && close(link);
    channel.onmessage = (event) => {
      if (typeof event.data === "string") handlers.onMessage(link, event.data);
    };
    connection.onconnectionstatechange = () => {
      const state = connection.connectionState;
      if (state === "failed") handlers.onError?.("no direct path", link);
      if ((state === "failed" || state === "closed") && ends.get(link) === end) close(link);
    };
    return end;
  }

  return {
    /** The host: a new connection on `link`; resolves with its offer's SDP. */
    async offer(link) {
      for (const [other, end] of ends) if (!end.open && other !== link) close(other);
      const { connection } = open(link);
      await connection.setLocalDescription(await connection.createOffer());
      return gathered(connection);
    },
    /** A guest: answers the host's offer on `link`; resolves with the answer's SDP. */
    async answer(link, sdp) {
      const { connection } = open(link);
      await connection.setRemoteDescription({ type: "offer", sdp });
      await connection.setLocalDescription(await connection.createAnswer());
      return gathered(connection);
    },
    /** The host: takes the guest's answer to the offer made on `link`. */
    async accept(link, sdp) {
      const end = ends.get(link);
      if (!end) throw new Error("no such offer");
      await end.connection.setRemoteDescription({ type: "answer", sdp });
    },
    /** To one connection, or to every open one when `link` is null or left out. */
    send(text, link = null) {
      for (const [other, end] of ends) {
        if (end.open && (link === null || link === other)) end.channel.send(String(text));
      }
    },
    has: (link) => ends.has(link),
    /** Closes one connection (one that flooded this device). */
    drop: (link) => close(link),
    leave() {
      for (const link of [...ends.keys()]) close(link);
    },
    connections: () => Object.fromEntries([...ends].map(([l, e]) => [l, e.connection])),
  };
}
