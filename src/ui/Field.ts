/** react-vant's Field, with its stylesheet. The style import inside
 * react-vant/es/field/index.js does not survive the production build (measured: no
 * `.rv-field__body` rule in dist/), which left fields unstyled: 24 px inputs and the code
 * button wrapped under its input. Importing the sheet here keeps it with the component. */
import 'react-vant/es/field/style/index.css';

export { Field } from 'react-vant/es/field/index.js';
