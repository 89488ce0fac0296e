import type cinemaZh from './cinema.zh.ts';

const cinemaEn: typeof cinemaZh = {
  cinema: {
    title: 'Choose a screening',
    films: "Today's films",
    duration: '{{n}} min',
    ages: 'Ages {{min}} and up',
    left: '{{n}} seats left',
    details: 'About the film',
    choose: 'Choose seats',
    chooseAssigned: 'Book (seats assigned together)',
    none: 'No screenings on this day',
    synopsis: 'Synopsis',
    notes: 'Good to know',
    seatsTitle: 'Choose seats',
    screen: 'Screen',
    pickHint: 'Choose a seat for each of the {{n}} visitors',
    picked: '{{n}} of {{total}} chosen',
    legendAvailable: 'Free',
    legendSelected: 'Yours',
    legendSold: 'Taken',
    legendNotAvailable: 'Not for sale',
    moreSeats: 'More seats on either side: swipe the map',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    confirmSeats: 'Confirm seats',
    seatAria: 'Row {{row}}, seat {{seat}}: {{state}}',
    seats: 'Seats',
    changeSeats: 'Change seats',
    assigned: 'Seats are assigned together when you place the order',
    seatsChanged: 'Seats changed',
    package: 'Package',
    perPerson: '{{price}} per person',
    mapFailed: 'The seat map could not be loaded',
  },
};

export default cinemaEn;
