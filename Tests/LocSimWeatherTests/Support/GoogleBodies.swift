enum GoogleBodies {
    /// Portland, OR 97217 in the shape of the iGoogle weather API (retired in 2012). Written for
    /// these tests from the API's documented shape; the values are invented.
    static let portland = """
        <?xml version="1.0"?><xml_api_reply version="1"><weather module_id="0" tab_id="0" mobile_row="0" mobile_zipped="1" row="0" section="0" ><forecast_information><city data="Portland, OR"/><postal_code data="97217"/><latitude_e6 data=""/><longitude_e6 data=""/><forecast_date data="2012-08-14"/><current_date_time data="1970-01-01 00:00:00 +0000"/><unit_system data="US"/></forecast_information><current_conditions><condition data="Partly Cloudy"/><temp_f data="72"/><temp_c data="22"/><humidity data="Humidity: 52%"/><icon data="/ig/images/weather/partly_cloudy.gif"/><wind_condition data="Wind: NW at 7 mph"/></current_conditions><forecast_conditions><day_of_week data="Tue"/><low data="59"/><high data="84"/><icon data="/ig/images/weather/sunny.gif"/><condition data="Clear"/></forecast_conditions><forecast_conditions><day_of_week data="Wed"/><low data="61"/><high data="90"/><icon data="/ig/images/weather/sunny.gif"/><condition data="Clear"/></forecast_conditions><forecast_conditions><day_of_week data="Thu"/><low data="63"/><high data="93"/><icon data="/ig/images/weather/sunny.gif"/><condition data="Sunny"/></forecast_conditions><forecast_conditions><day_of_week data="Fri"/><low data="58"/><high data="81"/><icon data="/ig/images/weather/mostly_sunny.gif"/><condition data="Mostly Sunny"/></forecast_conditions></weather></xml_api_reply>
        """

    static let problemCause = """
        <?xml version="1.0"?><xml_api_reply version="1"><weather module_id="0" tab_id="0" mobile_row="0" mobile_zipped="1" row="0" section="0" ><problem_cause data=""/></weather></xml_api_reply>
        """
}
