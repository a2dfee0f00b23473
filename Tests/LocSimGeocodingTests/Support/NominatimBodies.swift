/// Nominatim `/reverse` answers, as the public server words them.
enum NominatimBodies {
    /// Franklin, LA at zoom 10 (the town), with the ISO 3166-2 level-4 code.
    static let franklin = """
        {"place_id":312457890,"licence":"Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright","osm_type":"relation","osm_id":130853,
        "lat":"29.7960417","lon":"-91.5015037","category":"boundary","type":"administrative","place_rank":16,"importance":0.39,"addresstype":"town",
        "name":"Franklin","display_name":"Franklin, St. Mary Parish, Louisiana, United States",
        "address":{"town":"Franklin","county":"St. Mary Parish","state":"Louisiana","ISO3166-2-lvl4":"US-LA","country":"United States","country_code":"us"},
        "boundingbox":["29.7708390","29.8136330","-91.5446680","-91.4657680"]}
        """

    /// Buffalo, NY without `ISO3166-2-lvl4` (older servers): the state-name table applies.
    static let buffaloNoISO = """
        {"place_id":"298123","osm_type":"relation","osm_id":"175031","lat":"42.8867166","lon":"-78.8783922","place_rank":"16","importance":"0.7",
        "addresstype":"city","name":"Buffalo","display_name":"Buffalo, Erie County, New York, United States",
        "address":{"city":"Buffalo","county":"Erie County","state":"New York","postcode":"14202","country":"United States","country_code":"us"}}
        """

    /// Osaka (Japan): the administrative area stays a name.
    static let osaka = """
        {"place_id":1234,"osm_type":"relation","osm_id":358674,"lat":"34.6937569","lon":"135.5014539","place_rank":16,"importance":0.74,
        "addresstype":"city","name":"Osaka","display_name":"Osaka, Osaka Prefecture, Japan",
        "address":{"city":"Osaka","suburb":"Kita Ward","province":"Osaka Prefecture","ISO3166-2-lvl4":"JP-27","country":"Japan","country_code":"jp"}}
        """

    static let unableToGeocode = #"{"error":"Unable to geocode"}"#
}
