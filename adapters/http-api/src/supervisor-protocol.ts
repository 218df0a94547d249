/** The message a server sends its supervisor (over the fork's IPC channel) once it listens. */
export const SERVER_LISTENING = 'dpms:listening';
