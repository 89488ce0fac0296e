/** react-vant's design tokens and base helpers, then the app's overrides. Imported by the
 * modules that use react-vant components, so the first screen (which uses none) does not
 * load them. */
import 'react-vant/es/styles/css-variables.css';
import 'react-vant/es/styles/base.css';
import './vant.css';
