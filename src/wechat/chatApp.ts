/** Whether the page runs in the chat app's own browser (its user agent says MicroMessenger).
 * There the visitor logs in through the chat app's OAuth, pays with its JSAPI payment and shares
 * through its JS-SDK; anywhere else none of that is loaded. */
export const inChatApp = (): boolean => typeof navigator !== 'undefined' && /MicroMessenger/i.test(navigator.userAgent);
