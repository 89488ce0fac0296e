import { createServer, type IncomingMessage, type Server } from 'node:http';
import sharp from 'sharp';

/** A local fake of Baidu's AI platform: the token endpoint (client id `ak`, secret `sk`), face
 * detection and ID card OCR, each answering as the vendor documents, in the mode the test sets;
 * the ID card it reads is `card`. A real HTTP server on 127.0.0.1: the server tests listen on it,
 * and a browser e2e points a second app instance at it (BAIDU_AIP_URL). */
export function fakeBaidu(card: { name: string; number: string }) {
  const state = {
    face: 'one' as 'one' | 'two' | 'turned' | 'none' | 'busy' | 'down',
    ocr: 'read' as 'read' | 'noName' | 'notCard' | 'badDigit' | 'unreadable',
    tokens: 0,
    seen: [] as string[],
  };
  const body = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let s = '';
      req.on('data', (c) => (s += c));
      req.on('end', () => resolve(s));
    });
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, 'http://fake');
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(json));
    };
    const text = await body(req);
    if (url.pathname === '/oauth/2.0/token') {
      if (url.searchParams.get('client_id') !== 'ak' || url.searchParams.get('client_secret') !== 'sk')
        return send(401, { error: 'invalid_client', error_description: 'unknown client id' });
      state.tokens++;
      return send(200, { access_token: `24.token${state.tokens}`, expires_in: 2592000 });
    }
    if (!url.searchParams.get('access_token')?.startsWith('24.token'))
      return send(200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
    if (url.pathname === '/rest/2.0/face/v3/detect') {
      const input = JSON.parse(text) as { image: string; image_type: string };
      state.seen.push((await sharp(Buffer.from(input.image, 'base64')).metadata()).format ?? '?');
      if (input.image_type !== 'BASE64') return send(200, { error_code: 222200, error_msg: 'request body should be json format' });
      const face = (yaw: number) => ({
        face_token: 'f',
        location: { left: 10, top: 10, width: 100, height: 100, rotation: 0 },
        face_probability: 0.99,
        angle: { yaw, pitch: 3, roll: -2 },
      });
      switch (state.face) {
        case 'one':
          return send(200, { error_code: 0, error_msg: 'SUCCESS', log_id: 1, result: { face_num: 1, face_list: [face(5)] } });
        case 'two':
          return send(200, { error_code: 0, error_msg: 'SUCCESS', log_id: 1, result: { face_num: 2, face_list: [face(1), face(-4)] } });
        case 'turned':
          return send(200, { error_code: 0, error_msg: 'SUCCESS', log_id: 1, result: { face_num: 1, face_list: [face(41)] } });
        case 'none':
          return send(200, { error_code: 222202, error_msg: 'pic not has face', log_id: 1, result: null });
        case 'busy':
          return send(200, { error_code: 18, error_msg: 'Open api qps request limit reached', log_id: 1 });
        case 'down':
          return send(502, {});
      }
    }
    if (url.pathname === '/rest/2.0/ocr/v1/idcard') {
      const form = new URLSearchParams(text);
      if (form.get('id_card_side') !== 'front' || !form.get('image')) return send(200, { error_code: 216101, error_msg: 'not enough param' });
      const { number } = card;
      switch (state.ocr) {
        case 'read':
          return send(200, {
            log_id: 2,
            image_status: 'normal',
            words_result_num: 2,
            words_result: { 姓名: { words: card.name }, 公民身份号码: { words: number } },
          });
        case 'noName':
          return send(200, { log_id: 2, image_status: 'normal', words_result_num: 1, words_result: { 公民身份号码: { words: number } } });
        case 'badDigit':
          return send(200, {
            log_id: 2,
            image_status: 'normal',
            words_result_num: 2,
            words_result: { 姓名: { words: card.name }, 公民身份号码: { words: number.slice(0, 17) + (number[17] === '1' ? '2' : '1') } },
          });
        case 'notCard':
          return send(200, { log_id: 2, image_status: 'non_idcard', words_result_num: 0, words_result: {} });
        case 'unreadable':
          return send(200, { error_code: 216633, error_msg: 'recognize id card error', log_id: 2 });
      }
    }
    send(404, {});
  });
  return { state, server };
}
