/** The slider challenge of `/ingore/captchaImage`: a background with a gap and the piece
 * that fits it. The gap's position stays on the server. */
export interface CaptchaChallenge {
  captchaId: string;
  width: number;
  height: number;
  pieceSize: number;
  pieceY: number;
  /** data: URLs */
  background: string;
  piece: string;
}
