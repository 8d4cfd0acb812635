module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
    'postcss-simple-vars': {
      variables: {
        'mantine-breakpoint-xs': '20em',
        'mantine-breakpoint-sm': '55em',
        'mantine-breakpoint-md': '64em',
        'mantine-breakpoint-lg': '80em',
        'mantine-breakpoint-xl': '120em',
      },
    },
  },
};
